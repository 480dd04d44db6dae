import type { IDataObject, INodeProperties, ResourceMapperValue } from 'n8n-workflow';

import { InputError, setOwn, textIn } from '../input';
import type { PickedId } from '../locators';
import type { PostBackInput } from './fields';
import { optionalText, postBackBody } from './fields';
import { toHttpUrl, toPhoneNumber } from './recipients';
import { toTemplateChoice } from './whatsApp';
import { requireAccount } from './whatsAppAccount';

/** A WhatsApp template send (docs/api.md §4.9): the WhatsApp node's, and Send and Wait's. */

/** One of the account's approved templates, picked in one of its languages. */
export const templateField: INodeProperties = {
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
};

/** The chosen template's variables, each a field of the mapper (resourceMapping.ts). */
export const templateVariablesField: INodeProperties = {
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
};

export type MapperInput = Partial<Pick<ResourceMapperValue, 'value' | 'schema'>>;

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
