import type {
	IDataObject,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { subtitleOf } from '../shared/descriptions';
import { credentialTest, listSearch, loadOptions, resourceMapping } from '../shared/methods';
import { fromInput } from '../shared/input';
import { collectionLocator, listLocator, parameterId } from '../shared/locators';
import { filterFields } from '../shared/query/fields';
import { buildFilter } from '../shared/query/filter';
import { filterParametersOf } from '../shared/query/send';
import { simplifyFields, simplifyRecord } from '../shared/simplify';
import { apiRequest } from '../shared/transport/apiRequest';
import { Gate } from '../shared/transport/gate';
import { paths, segment } from '../shared/transport/paths';
import type { Cursor, PollBounds, PollSource } from './poll';
import { latest, poll, POLL_BOUNDS } from './poll';

type Event = 'newRecord' | 'newActivity' | 'newListEntry';

const properties: INodeProperties[] = [
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: [
			{ name: 'New Activity', value: 'newActivity', description: 'An activity (task) was created' },
			{
				name: 'New List Entry',
				value: 'newListEntry',
				description: 'A record was added to a list',
			},
			{
				name: 'New Record',
				value: 'newRecord',
				description: 'A record was created in a collection',
			},
		],
		default: 'newRecord',
	},
	{ ...collectionLocator, displayOptions: { show: { event: ['newRecord'] } } },
	{ ...listLocator, displayOptions: { show: { event: ['newListEntry'] } } },
	{
		displayName:
			'Each poll emits what was created since the last one, once, oldest first: at most 1,000 items a poll, so a larger backlog (after downtime) arrives over the next polls. The first activation starts from now; "Fetch Test Event" returns the newest item so you can map its fields.',
		name: 'pollingNotice',
		type: 'notice',
		default: '',
	},
	...filterFields,
	...simplifyFields,
];

export class WorkspaceRecordsTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Workspace Records Trigger',
		name: 'workspaceRecordsTrigger',
		icon: { light: 'file:../../icons/trigger.svg', dark: 'file:../../icons/trigger.dark.svg' },
		group: ['trigger'],
		// 1.1: what it emits is simplified by default (simplify.ts keeps 1 as it was).
		version: [1, 1.1],
		subtitle: subtitleOf(properties, ['event']),
		// n8n's node panel shows a trigger's description on the action node of the same name
		// ("Workspace Records"), in both views: so it speaks of both.
		description:
			'Create, get and query records and collections, or start a workflow when a record, activity or list entry is created',
		defaults: { name: 'Workspace Records Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'workspaceRecordsApi', required: true, testedBy: 'testRecordsCredential' },
		],
		properties,
	};

	methods = { credentialTest, listSearch, loadOptions, resourceMapping };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const source = await pollSource(this);
		const emit = (rows: IDataObject[]) => {
			if (!rows.length) return null;
			const simplify = this.getNodeParameter('simplify', false) as boolean;
			return [this.helpers.returnJsonArray(simplify ? rows.map(simplifyRecord) : rows)];
		};
		if (this.getMode() === 'manual') {
			const row = await latest(source);
			return emit(row ? [row] : []);
		}
		// One poll of this trigger at a time in this process: a poll n8n gave up waiting for
		// must not read the same rows beside the next one.
		const self = `${this.getWorkflow().id}|${this.getNode().id}`;
		if (pollsRunning.has(self)) return null;
		pollsRunning.add(self);
		try {
			const staticData = this.getWorkflowStaticData('node');
			const { rows, cursor } = await poll(
				source,
				staticData.cursor as Cursor | undefined,
				boundsOf(this),
			);
			staticData.cursor = cursor as unknown as IDataObject;
			return emit(rows);
		} finally {
			pollsRunning.delete(self);
		}
	}
}

/** The polls running now, by workflow and node. */
const pollsRunning = new Set<string>();

/**
 * The bounds of one poll: ours, within what n8n grants. n8n 2.40+ abandons a poll after
 * `scheduler.pollTimeoutSeconds` (45 s) and tells a poll its budget; n8n 1.x does neither.
 */
function boundsOf(context: IPollFunctions): PollBounds {
	const granted = (context as { getPollBudgetMs?: () => number }).getPollBudgetMs?.();
	return { ...POLL_BOUNDS, budgetMs: Math.min(POLL_BOUNDS.budgetMs, granted ?? Infinity) };
}

function queryPath(context: IPollFunctions, event: Event): string {
	if (event === 'newActivity') return paths.activitiesQuery;
	if (event === 'newListEntry')
		return paths.listEntriesQuery(segment(parameterId(context, 'listId'), 'List'));
	return paths.recordsQuery(segment(parameterId(context, 'collectionId'), 'Collection'));
}

async function pollSource(context: IPollFunctions): Promise<PollSource> {
	const event = context.getNodeParameter('event') as Event;
	const parameters = await filterParametersOf(context);
	const filter = fromInput(context, () => buildFilter(parameters));
	const path = fromInput(context, () => queryPath(context, event));
	// The pages of one poll share a gate, so that they keep the pace the service set.
	const gate = new Gate(1);
	return {
		query: async (body, maxWaitMs) =>
			await apiRequest(context, 'POST', path, {
				body: body as unknown as IDataObject,
				read: true,
				maxWaitMs,
				gate,
			}),
		shape: event === 'newActivity' ? 'array' : 'object',
		filter,
	};
}
