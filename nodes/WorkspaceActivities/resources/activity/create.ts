import type { IDataObject } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation, operation } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport';
import type { ReadActivity } from './body';
import { activityInput, sendActivity } from './body';
import {
	activities,
	iconFields,
	optionalActivityFields,
	scheduleAtField,
	timeZoneField,
	titleField,
} from './fields';

export const createFields = forOperation('activity', 'create', [
	{ ...titleField, required: true },
	{ ...scheduleAtField, required: true },
	timeZoneField,
	...iconFields,
	additionalFieldsCollection(optionalActivityFields),
]);

/** The icon's field, by Icon Type: each type has its own picker. */
const ICON_VALUE_PARAMETER: Record<string, string> = {
	interaction: 'interactionIcon',
	messaging_app: 'messagingAppIcon',
	emoji: 'emojiIcon',
};

/** Create reads its own fields, and the optional ones from Additional Fields. */
const readCreate: ReadActivity = (read) => {
	const iconType = read('iconType') as string;
	return {
		...activityInput(read('additionalFields', {}) as IDataObject),
		name: read('name'),
		scheduleAt: read('scheduleAt'),
		iconType,
		iconValue: read(ICON_VALUE_PARAMETER[iconType]),
	};
};

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create an activity (a task such as a call), due at a time in ISO 8601 with its offset',
	description: 'Create a task, such as a call or a meeting, optionally tied to a record',
	method: 'POST',
	url: paths.activities,
	preSend: [sendActivity(readCreate, false)],
	output: activities,
});
