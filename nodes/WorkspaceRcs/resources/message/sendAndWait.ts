import type { INodeProperties } from 'n8n-workflow';

import { InputError } from '../../../shared/input';
import { sendAndWaitFields } from '../../../shared/messaging/ask/fields';
import { MAX_TEXT_CHARACTERS } from '../../../shared/messaging/fields';
import type { Links, Question } from '../../../shared/messaging/ask/question';
import { buttonsOf } from '../../../shared/messaging/ask/question';
import type { AskSpec } from '../../../shared/messaging/ask/sendAndWait';
import { readInput } from '../../../shared/messaging/send';
import { paths } from '../../../shared/transport';
import { RCS_HINTS } from '../../hints';
import type { RcsSendInput, SuggestionInput } from './fields';
import { rcsOptionsField } from './fields';
import { buildRcsTextBody } from './sendText';

/** After Bot ID and Recipient (index.ts), which every RCS send shares. */
export const sendAndWaitDescription: INodeProperties[] = sendAndWaitFields(
	'message',
	[rcsOptionsField],
	'What the person reads, as plain text; each answer is a button under it (an Open URL suggestion), and the page a button opens shows these words again',
);

/** The message as it is: the links go in the buttons, a tap each, not pasted in the text. */
function rcsText(question: Question): string {
	const length = [...question.message].length;
	if (length <= MAX_TEXT_CHARACTERS) return question.message;
	throw new InputError(
		'Message',
		`${length.toLocaleString('en-US')} characters, more than RCS's 4,096`,
		'Shorten the message.',
	);
}

/** One Open URL suggestion per answer: Approve and Decline each open their own signed page. */
const suggestionsOf = (question: Question, links: Links): SuggestionInput[] =>
	buttonsOf(question, links).map(({ label, url }) => ({ type: 'open-url', text: label, url }));

/** The question goes as Send Text does, with its options (inbox, source, report URL). */
export const rcsAsk: AskSpec = {
	host: 'records',
	url: paths.rcs.text,
	hints: RCS_HINTS,
	body: (read, question, links) =>
		buildRcsTextBody({
			...readInput<RcsSendInput>(read, {
				botId: 'value',
				recipient: 'value',
				additionalFields: 'object',
			}),
			text: rcsText(question),
			suggestions: { suggestion: suggestionsOf(question, links) },
		}),
};
