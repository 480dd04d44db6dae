'use strict';
// Attribute definitions, their options and statuses (docs/api.md §4.6, §2.9).
const { badRequest, notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

module.exports = function attributesRoutes({ route, store }) {
	const TARGET = '(collection|list)';
	const attributeOut = ({ options, target, ...attribute }) => attribute;
	route('GET', v1(`/attributes/${TARGET}/${ID}`), 'header', (_, [target, targetId]) =>
		ok('Attributes fetched successfully', store.attributesOf(target, targetId).map(attributeOut)),
	);
	const optionsOf = (target, targetId, attributeId, inputTypes) => {
		const attribute = store.attributesOf(target, targetId).find((a) => a._id === attributeId);
		if (!attribute) throw notFound('Attribute');
		if (!inputTypes.includes(attribute.inputType)) {
			throw badRequest(`${attribute.apiKeyName} is not a ${inputTypes.join(' or ')} attribute`);
		}
		return attribute.options;
	};
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}/status`), 'header', (_, params) =>
		ok('Statuses fetched successfully', optionsOf(...params, ['status'])),
	);
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}/options`), 'header', (_, params) =>
		ok('Options fetched successfully', optionsOf(...params, ['select', 'multiselect'])),
	);
	route(
		'DELETE',
		v1(`/attributes/${TARGET}/${ID}/${ID}`),
		'header',
		(_, [target, targetId, attributeId]) => {
			const attributes = store.attributesOf(target, targetId);
			const index = attributes.findIndex((a) => a._id === attributeId);
			if (index === -1) throw notFound('Attribute');
			if (attributes[index].isSystem) throw badRequest('only custom attributes can be deleted');
			attributes.splice(index, 1);
			return ok('Attribute deleted successfully');
		},
	);
};
