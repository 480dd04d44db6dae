import type { IDataObject, INodeProperties, ResourceMapperValue } from 'n8n-workflow';

import { additionalFieldsCollection, forOperation } from '../../../shared/descriptions';
import { InputError, setOwn, textIn } from '../../../shared/input';
import type { PostBackInput } from '../../../shared/messaging/fields';
import { optionalText, postBackBody, postBackOptions } from '../../../shared/messaging/fields';
import { toHttpUrl, toPhoneNumber } from '../../../shared/messaging/recipients';
import { sendOperation } from '../../../shared/messaging/send';
import { toTemplateChoice } from '../../../shared/messaging/whatsApp';
import { paths } from '../../../shared/transport';
import type { PickedId } from '../../../shared/locators';
import { requireAccount } from '../../../shared/messaging/whatsAppAccount';

/** After Account and Recipient (shared/messaging/whatsAppAccount.ts), which the conversation's send shares. */
export const sendTemplateFields: INodeProperties[] = forOperation('message', 'sendTemplate', [
	{
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: "One of the account's approved templates, in one of its languages",
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchWhatsAppTemplates', searchable: true },
			},
			{
				displayName: 'By Name',
				name: 'name',
				type: 'string',
				placeholder: 'e.g. welcome_message',
			},
		],
	},
	{
		displayName: 'Variables',
		name: 'variables',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		description: "The template's variables, each a field of its own, as the template names them",
		typeOptions: {
			loadOptionsDependsOn: ['phoneId.value', 'template.value', 'additionalFields.language'],
			resourceMapper: {
				resourceMapperMethod: 'getWhatsAppTemplateVariables',
				mode: 'add',
				valuesLabel: 'Template Variables',
				fieldWords: { singular: 'variable', plural: 'variables' },
				addAllFields: true,
				supportAutoMap: false,
				// Before a template is chosen, and for one without variables, there is nothing to fill in.
				hideNoDataError: true,
			},
		},
	},
	additionalFieldsCollection([
		{
			displayName: 'Language',
			name: 'language',
			type: 'string',
			default: '',
			placeholder: 'e.g. en_US',
			description:
				'The language code of the template to send. By default the language chosen with the template.',
		},
		...postBackOptions,
	]),
]);

type MapperInput = Partial<Pick<ResourceMapperValue, 'value' | 'schema'>>;

/** The mapped variables by key: every one of the template filled in, media ones a public address. */
export function templateVariables(mapper: MapperInput | undefined): IDataObject {
	const values = (mapper?.value ?? {}) as IDataObject;
	const variables: IDataObject = {};
	for (const field of (mapper?.schema ?? []).filter((f) => !f.removed)) {
		const label = field.displayName.replace(/ — .*$/, '');
		const text = textIn(values[field.id], `Variables (${label})`);
		if (!text.trim()) {
			throw new InputError(
				'Variables',
				`"${label}" is empty`,
				'Fill in every variable of the template: WhatsApp sends a template only with all of them.',
			);
		}
		setOwn(
			variables,
			field.id,
			field.type === 'url' ? toHttpUrl(text, `Variables (${label})`) : text,
		);
	}
	// Values without a field (a workflow saved elsewhere) go as they are: the host judges them.
	for (const [key, value] of Object.entries(values)) {
		const text = textIn(value, `Variables (${key})`);
		if (!Object.hasOwn(variables, key) && text.trim()) setOwn(variables, key, text);
	}
	return variables;
}

export interface WhatsAppTemplateInput {
	phoneId: string | PickedId;
	template: string;
	recipient: unknown;
	variables?: MapperInput;
	additionalFields?: PostBackInput & { language?: unknown };
}

/** The template send body (docs/api.md §4.9). */
export function buildWhatsAppTemplateBody(input: WhatsAppTemplateInput): IDataObject {
	const extra = input.additionalFields ?? {};
	const phoneId = requireAccount(input.phoneId);
	const template = toTemplateChoice(input.template);
	if (!template.name) {
		throw new InputError(
			'Template',
			'none chosen',
			"Choose the template from the list: it shows the account's approved templates.",
		);
	}
	const language = textIn(extra.language, 'Language', 'name').trim() || template.language;
	const variables = templateVariables(input.variables);
	return {
		recipient: toPhoneNumber(input.recipient),
		phone_id: phoneId,
		template_name: template.name,
		...optionalText('language', language, { field: 'Language' }),
		...(Object.keys(variables).length ? { variables } : {}),
		...postBackBody(extra),
	};
}

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action:
		'Send an approved WhatsApp template: the one way to reach a customer who has not written in the last 24 hours',
	description:
		"Queue one of the account's approved templates with its variables; the answer carries a request ID",
	url: paths.messaging.whatsAppTemplateSend,
	parameters: {
		phoneId: 'picked',
		template: 'picker',
		recipient: 'value',
		variables: 'object',
		additionalFields: 'object',
	},
	body: buildWhatsAppTemplateBody,
});
