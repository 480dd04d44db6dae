import { additionalFieldsCollection, forOperation, operation } from '../../../shared/descriptions';
import { paths } from '../../../shared/transport';
import { sendActivity } from './body';
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

export const create = operation({
	name: 'Create',
	value: 'create',
	action: 'Create an activity (a task such as a call), due at a time in ISO 8601 with its offset',
	description: 'Create a task, such as a call or a meeting, optionally tied to a record',
	method: 'POST',
	url: paths.activities,
	preSend: [sendActivity('create')],
	output: activities,
});
