import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { forOperation } from '../../../shared/descriptions';
import type { VariablePairs } from '../../../shared/messaging/fields';
import { variablePairsField, variablesFromPairs } from '../../../shared/messaging/fields';
import { sendOperation } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import type { RcsSendInput } from './fields';
import { rcsEnvelope, rcsOptionsField } from './fields';
import { requiredText } from '../../../shared/input';

/** The host lists no RCS templates: the name is typed, the variables given as pairs. */
export const sendTemplateFields: INodeProperties[] = forOperation('message', 'sendTemplate', [
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. order_update',
		description: "The approved RCS template's name in the workspace",
	},
	variablePairsField,
	rcsOptionsField,
]);

export interface RcsTemplateInput extends RcsSendInput {
	templateName?: unknown;
	variables?: VariablePairs;
}

/** The template send body (docs/api.md §4.9, "RCS"). */
export function buildRcsTemplateBody(input: RcsTemplateInput): IDataObject {
	const variables = variablesFromPairs(input.variables);
	return {
		...rcsEnvelope(input),
		templateName: requiredText(
			input.templateName,
			'Template Name',
			"Give the approved RCS template's name, such as order_update.",
			'name',
		).trim(),
		...(Object.keys(variables).length ? { variables } : {}),
	};
}

export const sendTemplate = sendOperation({
	name: 'Send Template',
	value: 'sendTemplate',
	action: 'Send an RCS template',
	description:
		"Send one of the workspace's approved RCS templates with its variables, to a customer with a live session",
	host: 'records',
	url: paths.rcs.template,
	parameters: {
		botId: 'value',
		recipient: 'value',
		templateName: 'value',
		variables: 'object',
		additionalFields: 'object',
	},
	body: buildRcsTemplateBody,
});
