import type { IDataObject, IExecutePaginationFunctions, INodeExecutionData } from 'n8n-workflow';

import { forOperation, operation, updateFieldsCollection } from '../../../shared/descriptions';
import { booleanIn, changesIn, InputError, sendBody, textIn } from '../../../shared/input';
import { parameterId } from '../../../shared/locators';
import type { OperationRun } from '../../../shared/transport';
import { withoutBody } from '../../../shared/transport';
import { statusOptionPath } from './fields';

export const updateFields = forOperation('statusOption', 'update', [
	{
		displayName: 'Status Option Name or ID',
		name: 'optionId',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getStatusOptions',
			loadOptionsDependsOn: ['target', 'collectionId.value', 'listId.value', 'attributeId'],
		},
		required: true,
		default: '',
		description:
			'The status option to change. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	updateFieldsCollection([
		{
			displayName: 'Archived',
			name: 'isArchived',
			type: 'boolean',
			default: false,
			description: 'Whether the option is archived: hidden from new choices',
		},
		{
			displayName: 'Celebration',
			name: 'celebrationEnabled',
			type: 'boolean',
			default: false,
			description: 'Whether the workspace celebrates a record reaching this stage',
		},
		{
			displayName: 'Color',
			name: 'color',
			type: 'color',
			default: '#3b82f6',
			description: 'The color of the option, as a hex code such as #22c55e',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Qualified',
		},
	]),
]);

export interface StatusOptionInput {
	name?: unknown;
	color?: unknown;
	isArchived?: unknown;
	celebrationEnabled?: unknown;
}

function colorIn(value: unknown): string | undefined {
	const text = textIn(value, 'Color', 'name').trim();
	if (!text) return undefined;
	if (/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(text)) return text;
	throw new InputError(
		'Color',
		`"${text}" is not a hex color code`,
		'Give # and six hex digits, such as #22c55e.',
	);
}

/** The vendor's body (status-update): name, color, isArchived, celebrationEnabled; only those given. */
export function buildStatusOptionBody(input: StatusOptionInput): IDataObject {
	const name = textIn(input.name, 'Name').trim();
	return changesIn({
		name: name || undefined,
		color: colorIn(input.color),
		isArchived: booleanIn(input.isArchived, 'Archived'),
		celebrationEnabled: booleanIn(input.celebrationEnabled, 'Celebration'),
	});
}

/**
 * The update answers no `data` (docs/api.md §4.10) and no path reads one option: the options
 * are read back and the one changed is the item.
 */
const updateThenReadOption: OperationRun = async function (
	this: IExecutePaginationFunctions,
	requestData,
): Promise<INodeExecutionData[]> {
	await this.makeRoutingRequest(requestData);
	const url = String(requestData.options.url);
	const options = await this.makeRoutingRequest({
		...requestData,
		options: {
			...withoutBody(requestData.options),
			method: 'GET',
			url: url.slice(0, url.lastIndexOf('/')),
		},
	});
	const optionId = parameterId(this, 'optionId');
	return options.filter(({ json }) => json._id === optionId);
};

export const update = operation({
	name: 'Update',
	value: 'update',
	action:
		'Update a status option by ID: its name, color or archived state; the API cannot add options',
	description: "Change a status option's name, color, archived state or celebration",
	method: 'PATCH',
	url: statusOptionPath,
	preSend: [
		sendBody((context) =>
			buildStatusOptionBody(context.getNodeParameter('updateFields', {}) as StatusOptionInput),
		),
	],
	run: updateThenReadOption,
});
