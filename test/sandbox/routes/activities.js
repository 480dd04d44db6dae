'use strict';
// Activities (docs/api.md §4.1, §2.4), addressed by the path segment activity-list.
const { MEMBERS, userObject } = require('../seed');
const { badRequest, isPlainObject, notFound, ok } = require('../shared');
const { v1, ID } = require('../routing');

const SCHEDULE_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ICON_TYPES = ['emoji', 'interaction', 'messaging_app'];

module.exports = function activitiesRoutes({ route, store, values, queries }) {
	const activityStatusAttribute = () =>
		store.state.attributes.get('collection:activity-list').find((a) => a.apiKeyName === 'status');
	const activityStatus = (value) => values.coerce(activityStatusAttribute(), value);

	function activityFields(body, partial) {
		if (!isPlainObject(body)) throw badRequest('the body must be a JSON object');
		const required = ['iconType', 'iconValue', 'name', 'scheduleAt'];
		if (!partial) {
			for (const field of required) {
				if (body[field] === undefined || body[field] === '')
					throw badRequest(`${field} is required`);
			}
		}
		const known = [...required, 'description', 'associated', 'status'];
		const fields = {};
		for (const [key, value] of Object.entries(body)) {
			if (!known.includes(key)) throw badRequest(`unknown field ${key}`);
			fields[key] = value;
		}
		if (fields.iconType !== undefined && !ICON_TYPES.includes(fields.iconType)) {
			throw badRequest(`iconType must be one of ${ICON_TYPES.join(', ')}`);
		}
		if (fields.scheduleAt !== undefined && !SCHEDULE_AT.test(fields.scheduleAt)) {
			throw badRequest('scheduleAt must be formatted YYYY-MM-DDTHH:mm:ss.SSSZ');
		}
		if (
			fields.associated !== undefined &&
			fields.associated !== null &&
			!store.findRecordAnywhere(fields.associated)
		) {
			throw badRequest(`associated record ${fields.associated} does not exist`);
		}
		if (fields.status !== undefined) fields.status = activityStatus(fields.status);
		return fields;
	}

	// Activities are addressed by the path segment activity-list; they come before the
	// generic record routes so that "activity-list" is never read as a collection id.
	route('POST', v1('/collection-records/activity-list'), 'header', ({ body }) => {
		const fields = activityFields(body, false);
		const activity = {
			_id: store.newId(),
			name: fields.name,
			scheduleAt: fields.scheduleAt,
			description: fields.description ?? '',
			associated: fields.associated ?? null,
			assignee: null,
			status: fields.status ?? activityStatus(activityStatusAttribute().options[0]._id),
			sourceDetails: 'api',
			source: null,
			createdBy: userObject(MEMBERS[0]),
			completedTime: false,
			activityLostReason: null,
			createdAt: store.now(),
			iconType: fields.iconType,
			iconValue: fields.iconValue,
		};
		store.state.records.get('activity-list').set(activity._id, activity);
		return ok('Record created successfully!', activity, { _id: activity._id });
	});
	route('POST', v1('/collection-records/activity-list/query'), 'header', (request) =>
		ok(
			'Records fetched successfully',
			queries.query(store.state.records.get('activity-list'), request, { filterIsArray: true }),
		),
	);
	route('GET', v1(`/collection-records/activity-list/${ID}`), 'header', (_, [id]) => {
		const activity = store.state.records.get('activity-list').get(id);
		if (!activity) throw notFound('Activity');
		return ok('Record fetched successfully', activity);
	});
	route('PATCH', v1(`/collection-records/activity-list/${ID}`), 'header', ({ body }, [id]) => {
		const activity = store.state.records.get('activity-list').get(id);
		if (!activity) throw notFound('Activity');
		const fields = activityFields(body, true);
		// Moving to the last status (Done) completes the activity; moving away reopens it.
		if (fields.status !== undefined) {
			const done = fields.status._id === activityStatusAttribute().options.at(-1)._id;
			if (done !== (activity.completedTime !== false))
				fields.completedTime = done ? store.now() : false;
		}
		Object.assign(activity, fields);
		return ok('Record updated successfully!');
	});
	route('DELETE', v1(`/collection-records/activity-list/${ID}`), 'header', (_, [id]) => {
		if (!store.state.records.get('activity-list').delete(id)) throw notFound('Activity');
		return ok('Record Deleted Successfully!');
	});
};
