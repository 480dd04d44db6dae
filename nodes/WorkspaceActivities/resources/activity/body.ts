import type { IDataObject, PreSendAction } from 'n8n-workflow';

import { timeZoneOf, toScheduleAt } from '../../../shared/dates';
import { fromInput, InputError, sendBody } from '../../../shared/input';
import { idIn } from '../../../shared/locators';

const ICON_VALUE_PARAMETER: Record<string, string> = {
	interaction: 'interactionIcon',
	messaging_app: 'messagingAppIcon',
	emoji: 'emojiIcon',
};

export interface ActivityInput {
	name?: string;
	scheduleAt?: unknown;
	iconType?: string;
	iconValue?: string;
	description?: string;
	associated?: string;
	status?: string;
}

/** The activity body (docs/api.md §4.1): an update sends only what was given. */
export function buildActivityBody(
	input: ActivityInput,
	{ partial, timeZone }: { partial: boolean; timeZone: string },
): IDataObject {
	const body: IDataObject = {};
	if (!partial || input.name !== undefined) {
		if (!String(input.name ?? '').trim()) {
			throw new InputError('Title', 'the activity has no title', 'Give the activity a title.');
		}
		body.name = input.name;
	}
	if (!partial || input.scheduleAt !== undefined)
		body.scheduleAt = toScheduleAt(input.scheduleAt, timeZone);
	if (input.iconType !== undefined) {
		if (!String(input.iconValue ?? '').trim()) {
			throw new InputError(
				'Icon',
				`no icon given for the icon type ${input.iconType}`,
				'Choose an icon, or type an emoji.',
			);
		}
		body.iconType = input.iconType;
		body.iconValue = input.iconValue;
	}
	for (const key of ['description', 'associated', 'status'] as const) {
		if (input[key] !== undefined && input[key] !== '') body[key] = input[key];
	}
	return body;
}

/** The activity's fields as the API names them: the associated record is the picker's value; its collection only served the picker. */
function activityInput(fields: IDataObject): ActivityInput {
	const input = { ...fields };
	delete input.associatedCollection;
	if (input.associatedRecord !== undefined) input.associated = idIn(input.associatedRecord);
	delete input.associatedRecord;
	return input as ActivityInput;
}

/** Create reads the top-level fields; Update reads its Update Fields collection. */
export const sendActivity = (mode: 'create' | 'update'): PreSendAction =>
	sendBody((context) => {
		const read = (name: string, fallback?: unknown) => context.getNodeParameter(name, fallback);
		const timeZone = () => timeZoneOf(read('timeZone', ''), context.getTimezone());
		return fromInput(context, () => {
			if (mode === 'update') {
				const fields = read('updateFields', {}) as IDataObject;
				const { iconType, iconValue, ...rest } = fields;
				return buildActivityBody(
					{
						...activityInput(rest),
						...(iconType ? { iconType: String(iconType), iconValue: String(iconValue ?? '') } : {}),
					},
					{ partial: true, timeZone: timeZone() },
				);
			}
			const iconType = read('iconType') as string;
			const extra = activityInput(read('additionalFields', {}) as IDataObject);
			return buildActivityBody(
				{
					...extra,
					name: read('name') as string,
					scheduleAt: read('scheduleAt'),
					iconType,
					iconValue: read(ICON_VALUE_PARAMETER[iconType]) as string,
				},
				{ partial: false, timeZone: timeZone() },
			);
		});
	});
