'use strict';
// Attribute values as the service checks and stores them (docs/api.md §2.9, §10.3): records,
// list entries and activities write through these.
const { MEMBERS, userObject } = require('./seed');
const { badRequest, isPlainObject } = require('./shared');

/** The values of an attribute as compared for uniqueness: each of a list, case-insensitive. */
const uniqueValues = (value) =>
	(Array.isArray(value) ? value : [value])
		.filter((v) => v !== undefined && v !== null && v !== '')
		.map((v) => String(isPlainObject(v) ? (v._id ?? v.email ?? v.name) : v).toLowerCase());

function createValues(store) {
	function coerceOption(attribute, value) {
		const id = isPlainObject(value) ? value._id : value;
		const option = attribute.options.find((o) => o._id === id || o.name === id);
		if (!option) {
			throw badRequest(`${attribute.apiKeyName} has no option ${JSON.stringify(value)}`);
		}
		return option;
	}

	/** Checks and converts one attribute value by its input type, as the service stores it. */
	function coerce(attribute, value) {
		const { apiKeyName: key, inputType: type } = attribute;
		if (!attribute.isEditable) throw badRequest(`${key} is read-only`);
		if (value === null) return null;
		const fail = (expected) => {
			throw badRequest(`${key} expects ${expected}, got ${JSON.stringify(value)}`);
		};
		switch (type) {
			case 'text':
				return typeof value === 'string' ? value : fail('a string');
			case 'number':
			case 'currency':
			case 'rating':
				return typeof value === 'number' && Number.isFinite(value) ? value : fail('a number');
			case 'checkbox':
				return typeof value === 'boolean' ? value : fail('a boolean');
			case 'email-address':
			case 'phone-number':
			case 'domain': {
				const list = Array.isArray(value) ? value : [value];
				return list.every((v) => typeof v === 'string')
					? list
					: fail('a string or a list of strings');
			}
			case 'select':
			case 'status':
				return coerceOption(attribute, value);
			case 'multiselect':
				return (Array.isArray(value) ? value : [value]).map((v) => coerceOption(attribute, v));
			case 'record-reference': {
				if (typeof value !== 'string') fail('a record id');
				const target = attribute.target ? store.collectionOfType(attribute.target) : undefined;
				const found = target
					? store.state.records.get(target._id).get(value)
					: store.findRecordAnywhere(value)?.record;
				if (!found) throw badRequest(`${key}: record ${value} does not exist`);
				return attribute.target ? { _id: found._id, name: found.name, avatar: '' } : found._id;
			}
			case 'actor-reference': {
				const id = isPlainObject(value) ? value._id : value;
				const member = MEMBERS.find((m) => m.userId === id || m.email === id);
				if (!member) throw badRequest(`${key}: no workspace member ${JSON.stringify(value)}`);
				return userObject(member);
			}
			case 'timestamp':
			case 'date':
				if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) fail('an ISO 8601 date');
				return new Date(value).toISOString();
			default:
				return value;
		}
	}

	function applyAttributes(attributes, body, target) {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		for (const [key, value] of Object.entries(body)) {
			const attribute = attributes.find((a) => a.apiKeyName === key);
			if (!attribute) throw badRequest(`unknown attribute ${key}`);
			target[key] = coerce(attribute, value);
		}
		return target;
	}

	/** A value of an attribute marked unique that another of `records` has already: refused. */
	function checkUnique(attributes, record, records) {
		for (const attribute of attributes.filter((a) => a.isUnique)) {
			const mine = new Set(uniqueValues(record[attribute.apiKeyName]));
			if (mine.size === 0) continue;
			for (const other of records.values()) {
				if (other._id === record._id) continue;
				if (uniqueValues(other[attribute.apiKeyName]).some((v) => mine.has(v))) {
					throw badRequest(`a record with this ${attribute.name} already exists: ${other._id}`);
				}
			}
		}
	}

	return { coerce, applyAttributes, checkUnique };
}

module.exports = { createValues };
