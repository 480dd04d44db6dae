import type { IDataObject, PreSendAction } from 'n8n-workflow';

import { timeZoneOf, toScheduleAt } from '../../../shared/dates';
import type { TextKind } from '../../../shared/input';
import { fromInput, InputError, sendBody, textIn } from '../../../shared/input';
import { idIn } from '../../../shared/locators';

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
export function activityInput(fields: IDataObject): ActivityInput {
	const input = { ...fields };
	delete input.associatedCollection;
	if (input.associatedRecord !== undefined)
		input.associated = idIn(input.associatedRecord, 'Associated Record');
	delete input.associatedRecord;
	return input as ActivityInput;
}

/** How an operation reads its input from the item's parameters (Create its fields, Update its collection). */
export type ReadActivity = (read: (name: string, fallback?: unknown) => unknown) => ActivityInput;

/** A preSend sending the activity an operation reads; an update (`partial`) only what was given. */
export const sendActivity = (readInput: ReadActivity, partial: boolean): PreSendAction =>
	sendBody((context) => {
		const read = (name: string, fallback?: unknown) => context.getNodeParameter(name, fallback);
		return fromInput(context, () => {
			const input = readInput(read);
			const timeZone = timeZoneOf(read('timeZone', ''), context.getTimezone());
			return buildActivityBody(input, { partial, timeZone });
		});
	});
