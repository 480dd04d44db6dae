import { forOperation } from '../../../shared/descriptions';
import {
	iconFields,
	optionalActivityFields,
	scheduleAtField,
	timeZoneField,
	titleField,
} from './fields';

export const activityCreateFields = forOperation('activity', 'create', [
	{ ...titleField, required: true },
	{ ...scheduleAtField, required: true },
	timeZoneField,
	...iconFields,
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: optionalActivityFields,
	},
]);
