import type { IDataObject } from 'n8n-workflow';

import { forOperation, operation, updateFieldsCollection } from '../../../shared/descriptions';
import { updateThenRead } from '../../../shared/transport';
import type { ReadActivity } from './body';
import { activityInput, sendActivity } from './body';
import {
	activities,
	ICON_TYPES,
	oneActivity,
	optionalActivityFields,
	scheduleAtField,
	timeZoneField,
	titleField,
} from './fields';

export const updateFields = forOperation('activity', 'update', [
	updateFieldsCollection([
		titleField,
		scheduleAtField,
		{
			displayName: 'Icon Type',
			name: 'iconType',
			type: 'options',
			options: ICON_TYPES,
			default: 'interaction',
		},
		{
			displayName: 'Icon Value',
			name: 'iconValue',
			type: 'string',
			default: '',
			placeholder: 'e.g. call, whatsapp or 📞',
			description:
				'Sent with Icon Type: an interaction (call, meeting …), a messaging app (whatsapp, slack …) or an emoji',
		},
		...optionalActivityFields,
	]),
	// Shown once Schedule At is among the fields to update, under them. From the root ('/'):
	// n8n 1.x looks a rule's parameter up by name and finds none called "updateFields.scheduleAt".
	{
		...timeZoneField,
		displayOptions: { show: { '/updateFields.scheduleAt': [{ _cnd: { exists: true } }] } },
	},
]);

/** Update reads its Update Fields collection: only what was added is sent. */
const readUpdate: ReadActivity = (read) => {
	const { iconType, iconValue, ...rest } = read('updateFields', {}) as IDataObject;
	return { ...activityInput(rest), ...(iconType ? { iconType, iconValue } : {}) };
};

export const update = operation({
	name: 'Update',
	value: 'update',
	action: 'Update an activity by its _id: only the fields given change',
	description: 'Change the fields given; the others stay as they are',
	method: 'PATCH',
	url: oneActivity,
	preSend: [sendActivity(readUpdate, true)],
	output: activities,
	run: updateThenRead,
});
