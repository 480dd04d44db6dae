import type { IDataObject, PreSendAction } from 'n8n-workflow';

import { timeZoneOf, toScheduleAt } from '../../../shared/dates';
import type { TextKind } from '../../../shared/input';
import { fromInput, InputError, sendBody, textIn } from '../../../shared/input';
import { idIn } from '../../../shared/locators';

const ICON_VALUE_PARAMETER: Record<string, string> = {
	interaction: 'interactionIcon',
	messaging_app: 'messagingAppIcon',
	emoji: 'emojiIcon',
};

export interface ActivityInput {
	name?: unknown;
	scheduleAt?: unknown;
	iconType?: unknown;
	iconValue?: unknown;
	description?: unknown;
	associated?: string;
	status?: unknown;
}

/** The optional fields sent as they are given, each as the user sees it and the kind of text it is. */
const OPTIONAL_FIELDS: Record<'description' | 'associated' | 'status', [string, TextKind]> = {
	description: ['Description', 'text'],
	associated: ['Associated Record', 'id'],
	status: ['Status', 'id'],
};

/** The activity body (docs/api.md §4.1): an update sends only what was given. */
export function buildActivityBody(
	input: ActivityInput,
	{ partial, timeZone }: { partial: boolean; timeZone: string },
): IDataObject {
	const body: IDataObject = {};
	if (!partial || input.name !== undefined) {
		const name = textIn(input.name, 'Title');
		if (!name.trim()) {
			throw new InputError('Title', 'the activity has no title', 'Give the activity a title.');
		}
		body.name = name;
	}
	if (!partial || input.scheduleAt !== undefined)
		body.scheduleAt = toScheduleAt(input.scheduleAt, timeZone);
	if (input.iconType !== undefined) {
		const iconType = textIn(input.iconType, 'Icon Type', 'name');
		const iconValue = textIn(input.iconValue, 'Icon', 'name');
		if (!iconValue.trim()) {
			throw new InputError(
				'Icon',
				`no icon given for the icon type ${iconType}`,
				'Choose an icon, or type an emoji.',
			);
		}
		body.iconType = iconType;
		body.iconValue = iconValue;
	}
	for (const [key, [field, kind]] of Object.entries(OPTIONAL_FIELDS)) {
		const text = textIn(input[key as keyof typeof OPTIONAL_FIELDS], field, kind);
		if (text !== '') body[key] = text;
	}
	return body;
}

/** The activity's fields as the API names them: the associated record is the picker's value; its collection only served the picker. */
function activityInput(fields: IDataObject): ActivityInput {
	const input = { ...fields };
	delete input.associatedCollection;
	if (input.associatedRecord !== undefined)
		input.associated = idIn(input.associatedRecord, 'Associated Record');
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
						...(iconType ? { iconType, iconValue } : {}),
					},
					{ partial: true, timeZone: timeZone() },
				);
			}
			const iconType = read('iconType') as string;
			const extra = activityInput(read('additionalFields', {}) as IDataObject);
			return buildActivityBody(
				{
					...extra,
					name: read('name'),
					scheduleAt: read('scheduleAt'),
					iconType,
					iconValue: read(ICON_VALUE_PARAMETER[iconType]),
				},
				{ partial: false, timeZone: timeZone() },
			);
		});
	});
