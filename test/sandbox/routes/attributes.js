'use strict';
// Attribute definitions, their options and statuses (docs/api.md §4.6, §2.9): read, created,
// updated and deleted as the vendor's attribute pages describe them (attr-create, attr-update,
// attr-get, status-list, status-update); what they leave out is in docs/api.md §10.3.
const { badRequest, isPlainObject, notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

/** The 17 input types of the vendor's Create page. */
const INPUT_TYPES = [
	'text',
	'number',
	'checkbox',
	'currency',
	'date',
	'timestamp',
	'rating',
	'status',
	'select',
	'multiselect',
	'record-reference',
	'actor-reference',
	'domain',
	'file',
	'ai-wizard',
	'email-address',
	'phone-number',
];
const CURRENCY_DISPLAYS = ['code', 'name', 'narrowSymbol', 'symbol'];
const VALIDATIONS = ['none', 'email', 'url', 'phone', 'customRegex'];
const FLAGS = ['isEditable', 'isMultiSelect', 'isRequired', 'isUnique'];
const CONFIG_KEYS = [
	'currencyDisplayType',
	'currencyCode',
	'recordReference',
	'aiWizard',
	'dateDisplayType',
];

module.exports = function attributesRoutes({ route, store }) {
	const TARGET = '(collection|list)';
	const attributeOut = ({ options, target, ...attribute }) => attribute;
	const findAttribute = (target, targetId, attributeId) => {
		const attribute = store.attributesOf(target, targetId).find((a) => a._id === attributeId);
		if (!attribute) throw notFound('Attribute');
		return attribute;
	};

	const text = (body, key) => {
		if (typeof body[key] !== 'string' || !body[key].trim()) {
			throw badRequest(`${key} must be a non-empty string`);
		}
		return body[key];
	};
	const oneOf = (value, key, allowed) => {
		if (!allowed.includes(value)) throw badRequest(`${key} must be one of ${allowed.join(', ')}`);
		return value;
	};
	function checkedConfig(config) {
		if (!isPlainObject(config)) throw badRequest('config must be an object');
		for (const key of Object.keys(config)) {
			if (!CONFIG_KEYS.includes(key)) throw badRequest(`config.${key} is not a known setting`);
		}
		const { currencyDisplayType, recordReference } = config;
		if (currencyDisplayType !== undefined && currencyDisplayType !== null) {
			oneOf(currencyDisplayType, 'config.currencyDisplayType', CURRENCY_DISPLAYS);
		}
		for (const key of ['currencyCode', 'aiWizard', 'dateDisplayType']) {
			if (config[key] !== undefined && config[key] !== null && typeof config[key] !== 'string') {
				throw badRequest(`config.${key} must be a string`);
			}
		}
		if (recordReference !== undefined) {
			// "An array of collection ids connected to this attribute" (attr-get).
			const ids = Array.isArray(recordReference) ? recordReference : [recordReference];
			for (const id of ids) {
				if (!store.state.collections.has(id)) {
					throw badRequest(
						`config.recordReference: collection ${JSON.stringify(id)} does not exist`,
					);
				}
			}
		}
		return config;
	}
	/** The body's fields, checked; `creating` requires the four the Create page marks required. */
	function checkedDefinition(body, attributes, { creating, self }) {
		if (!isPlainObject(body)) throw badRequest('the body must be an object');
		const known = [
			'apiKeyName',
			'inputType',
			'name',
			'config',
			'defaultValue',
			'description',
			'validation',
			...FLAGS,
		];
		for (const key of Object.keys(body)) {
			if (!known.includes(key)) throw badRequest(`${key} is not a field of an attribute`);
		}
		const has = (key) => creating || body[key] !== undefined;
		const changes = {};
		if (has('apiKeyName')) {
			changes.apiKeyName = text(body, 'apiKeyName');
			const taken = attributes.find((a) => a !== self && a.apiKeyName === changes.apiKeyName);
			if (taken) {
				throw badRequest(`an attribute with the apiKeyName "${changes.apiKeyName}" already exists`);
			}
		}
		if (has('inputType')) changes.inputType = oneOf(body.inputType, 'inputType', INPUT_TYPES);
		if (has('name')) changes.name = text(body, 'name');
		if (has('config')) changes.config = checkedConfig(body.config);
		for (const key of ['defaultValue', 'description']) {
			if (body[key] === undefined) continue;
			if (body[key] !== null && typeof body[key] !== 'string')
				throw badRequest(`${key} must be a string`);
			changes[key] = body[key];
		}
		for (const key of FLAGS) {
			if (body[key] === undefined) continue;
			if (typeof body[key] !== 'boolean') throw badRequest(`${key} must be true or false`);
			changes[key] = body[key];
		}
		if (body.validation !== undefined)
			changes.validation = oneOf(body.validation, 'validation', VALIDATIONS);
		return changes;
	}
	/** The values kept under an attribute's old key move to its new one, as they belong to the attribute. */
	function moveValues(target, targetId, from, to) {
		const holders =
			target === 'list' ? store.state.entries.get(targetId) : store.state.records.get(targetId);
		for (const holder of holders?.values() ?? []) {
			if (!Object.hasOwn(holder, from)) continue;
			holder[to] = holder[from];
			delete holder[from];
		}
	}

	route('GET', v1(`/attributes/${TARGET}/${ID}`), 'header', (_, [target, targetId]) =>
		ok('Attributes fetched successfully', store.attributesOf(target, targetId).map(attributeOut)),
	);
	route('POST', v1(`/attributes/${TARGET}/${ID}`), 'header', ({ body }, [target, targetId]) => {
		const attributes = store.attributesOf(target, targetId);
		const { config, ...changes } = checkedDefinition(body, attributes, { creating: true });
		const attribute = {
			_id: store.newId(),
			apiKeyName: changes.apiKeyName,
			inputType: changes.inputType,
			name: changes.name,
			config: {
				currencyDisplayType: null,
				currencyCode: null,
				recordReference: [],
				aiWizard: null,
				dateDisplayType: null,
				...config,
			},
			defaultValue: null,
			description: '',
			isEditable: true,
			isMultiSelect: false,
			isRequired: false,
			isUnique: false,
			validation: 'none',
			isSystem: false,
			...changes,
			// No endpoint adds options or statuses: a new select or status attribute has none.
			options: [],
		};
		attributes.push(attribute);
		return ok('success', attributeOut(attribute));
	});
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}`), 'header', (_, params) =>
		ok('Attribute fetched successfully', attributeOut(findAttribute(...params))),
	);
	route(
		'PATCH',
		v1(`/attributes/${TARGET}/${ID}/${ID}`),
		'header',
		({ body }, [target, targetId, attributeId]) => {
			const attribute = findAttribute(target, targetId, attributeId);
			if (attribute.isSystem) throw badRequest('only custom attributes can be updated');
			const attributes = store.attributesOf(target, targetId);
			const { config, ...changes } = checkedDefinition(body, attributes, {
				creating: false,
				self: attribute,
			});
			if (changes.apiKeyName && changes.apiKeyName !== attribute.apiKeyName) {
				moveValues(target, targetId, attribute.apiKeyName, changes.apiKeyName);
			}
			Object.assign(attribute, changes);
			if (config) attribute.config = { ...attribute.config, ...config };
			return ok('success', attributeOut(attribute));
		},
	);

	const optionsOf = (target, targetId, attributeId, inputTypes) => {
		const attribute = findAttribute(target, targetId, attributeId);
		if (!inputTypes.includes(attribute.inputType)) {
			throw badRequest(`${attribute.apiKeyName} is not a ${inputTypes.join(' or ')} attribute`);
		}
		return attribute.options;
	};
	route('GET', v1(`/attributes/${TARGET}/${ID}/${ID}/status`), 'header', (_, params) =>
		ok('Statuses fetched successfully', optionsOf(...params, ['status'])),
	);
	route(
		'PATCH',
		v1(`/attributes/${TARGET}/${ID}/${ID}/status/${ID}`),
		'header',
		({ body }, [target, targetId, attributeId, optionId]) => {
			const option = optionsOf(target, targetId, attributeId, ['status']).find(
				(o) => o._id === optionId,
			);
			if (!option) throw notFound('Attribute status');
			if (!isPlainObject(body)) throw badRequest('the body must be an object');
			const changes = {};
			for (const [key, value] of Object.entries(body)) {
				if (key === 'name') changes.name = text(body, 'name');
				else if (key === 'color') {
					if (typeof value !== 'string' || !/^#[0-9a-f]{3,8}$/i.test(value)) {
						throw badRequest('color must be a hex color code');
					}
					changes.color = value;
				} else if (key === 'isArchived' || key === 'celebrationEnabled') {
					if (typeof value !== 'boolean') throw badRequest(`${key} must be true or false`);
					changes[key] = value;
				} else throw badRequest(`${key} is not a field of a status option`);
			}
			Object.assign(option, changes);
			// The vendor's answer has no `data` (status-update).
			return ok('Attribute status updated successfully');
		},
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
