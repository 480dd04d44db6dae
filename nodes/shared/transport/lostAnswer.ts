import type { IDataObject, IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { clock } from '../clock';
import type { Doubt } from './pipeline';
import { answerNeverCame } from './policy';

/**
 * The settle step: a create whose answer was lost (a 5xx, a drop, no answer in time) is looked up
 * by what was sent, where that identifies it. Found once, the item succeeds with it; found
 * nowhere, twice, it was not done and is sent again through the door, within the same Give Up After.
 */

/** What a look-up for a create's result found and by what; or why the body sent identifies nothing. */
export type CreatedLookup = (
	context: IExecuteSingleFunctions,
	body: IDataObject,
) => Promise<{ found: IDataObject[]; by: string } | { unidentified: string }>;

/** A service that failed the answer may still be finishing the create: the second look waits. */
export const SECOND_LOOK_AFTER_MS = 2_000;

/** The key beside an item settled after a lost answer, and what it says. */
export const LOST_ANSWER_KEY = 'lostAnswer';
export const SETTLED = {
	confirmed: 'confirmed by a look-up',
	sentAgain: 'not done, so sent again',
} as const;

export interface LostAnswerSettling {
	context: IExecuteSingleFunctions;
	lookUp: CreatedLookup;
	/** The create's body. */
	body: IDataObject;
	/** Sends the write again within `maxWaitMs` (a doubt it ends in is settled in turn). */
	resend: (maxWaitMs: number) => Promise<INodeExecutionData[]>;
}

const marked = (json: IDataObject, settled: string): INodeExecutionData => ({
	json: { ...json, [LOST_ANSWER_KEY]: settled },
});

/** The item's error, with what the look-up found before the description. */
function withFinding(doubt: Doubt, finding: string): NodeApiError {
	doubt.error.description = `${finding} ${doubt.error.description ?? ''}`.trim();
	return doubt.error;
}

async function lookTwice(
	context: IExecuteSingleFunctions,
	lookUp: CreatedLookup,
	body: IDataObject,
) {
	const first = await lookUp(context, body);
	if ('unidentified' in first || first.found.length > 0) return first;
	await clock.sleep(SECOND_LOOK_AFTER_MS);
	return await lookUp(context, body);
}

export async function settleLostAnswer(
	{ context, lookUp, body, resend }: LostAnswerSettling,
	doubt: Doubt,
): Promise<INodeExecutionData[]> {
	let result;
	try {
		result = await lookTwice(context, lookUp, body);
	} catch (error) {
		throw withFinding(doubt, `A look-up to settle it failed too: ${(error as Error).message}.`);
	}
	if ('unidentified' in result)
		throw withFinding(doubt, `The node could not look it up: ${result.unidentified}.`);
	const { found, by } = result;
	if (found.length === 1) return [marked(found[0], SETTLED.confirmed)];
	if (found.length > 1)
		throw withFinding(doubt, `A look-up by ${by} found ${found.length}, so it cannot tell which.`);
	if (answerNeverCame(doubt.cause))
		throw withFinding(
			doubt,
			`A look-up by ${by} found nothing yet, but with no answer the service may still be working on it.`,
		);
	const left = doubt.deadline - clock.now();
	if (left <= 0) {
		doubt.notDone();
		throw notCreated(context, by);
	}
	// Settled again if its answer is lost too: that says what happened to it last.
	return (await resend(left)).map(({ json }) =>
		json[LOST_ANSWER_KEY] ? { json } : marked(json, SETTLED.sentAgain),
	);
}

function notCreated(context: IExecuteSingleFunctions, by: string): NodeApiError {
	const itemIndex = context.getItemIndex();
	return new NodeApiError(
		context.getNode(),
		{},
		{
			message: `Item ${itemIndex}: not created: its answer was lost, and a look-up by ${by} found nothing`,
			description:
				'Give Up After had passed, so it was not sent again. Nothing was created: run this item again, or raise Options → Give Up After.',
			itemIndex,
		},
	);
}
