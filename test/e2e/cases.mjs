// Every e2e case, one file a topic. A case is an example workflow users import
// (examples/<file>.json, written from the case by `npm run examples`: workflow.mjs) and what a
// run of it in a real n8n must see (run.mjs runs it):
//   file, title, node, parameters  the example: its file name, its workflow's name, the node
//                                  under test and its parameters (nodeSettings, timezone,
//                                  items/itemsCode, before, then: what else the workflow holds);
//   requests, check, error         an action's requests to the sandbox (a list, or a function of
//                                  them), its items, or the error it must end with;
//   trigger, active, webhook       a trigger: Fetch Test Event, activated and polled by n8n, or
//                                  called at its URL; `during` does what the case is about and
//                                  `check` reads every execution;
//   waits, together                an execution that waits (a send and its wait, Send and Wait),
//                                  or many started at once;
//   lines, durable                 which n8n lines run it besides 2.40.7 (lines.mjs), and whether
//                                  again under n8n's durable poll scheduler.
// A new case goes in its topic's file (a new topic: a new file, listed here); its place in
// the list changes nothing in its example (the workflow id comes from its file).
import { activitiesCases } from './activities.mjs';
import { activityAndListPollsCases } from './activityAndListPolls.mjs';
import { burstWaitCases, deliveryWaitCases, savedNodeCases } from './deliveryWaits.mjs';
import { durableSchedulerCases } from './durableScheduler.mjs';
import { eventMemoryCases } from './eventMemory.mjs';
import { incomingWhatsAppCases } from './incomingWhatsApp.mjs';
import { listsCases } from './lists.mjs';
import { membersAndAttributesCases } from './membersAndAttributes.mjs';
import { messageSendCases } from './messageSends.mjs';
import { networkGuaranteesCases } from './networkGuarantees.mjs';
import { newRecordPollsCases } from './newRecordPolls.mjs';
import { rcsAndFileCases } from './rcsAndFiles.mjs';
import { recordChangePollsCases } from './recordChangePolls.mjs';
import { recordsCases } from './records.mjs';
import { savedAskCases, sendAndWaitCases, sendAndWaitRefusals } from './sendAndWait.mjs';
import { smsCases } from './sms.mjs';
import { triggerEventsCases } from './triggerEvents.mjs';
import { userGroupsCases } from './userGroups.mjs';
import { assertOwnWorkflowIds } from './workflow.mjs';

export { assertNoSharedData, workflowOf } from './workflow.mjs';

export const cases = [
	// The action nodes, an operation a case.
	...recordsCases,
	...listsCases,
	...activitiesCases,
	...membersAndAttributesCases,
	...userGroupsCases,
	...smsCases,
	...messageSendCases,
	...rcsAndFileCases,
	// When the network or the service misbehaves.
	...networkGuaranteesCases,
	// Messages that wait: for a delivery status, for a person's answer.
	...deliveryWaitCases,
	...savedNodeCases,
	...burstWaitCases,
	...sendAndWaitCases,
	...sendAndWaitRefusals,
	...savedAskCases,
	// The poll triggers. run.mjs's durable lane runs the `durable` ones in this order in one n8n,
	// the order they were proven in: the scheduler's own case last, and before it the stock-taking
	// of 12,000 people (after it, once, under load, trigger-record-updated-too-many counted People
	// queries that were not its own).
	...newRecordPollsCases,
	...activityAndListPollsCases,
	...recordChangePollsCases,
	...durableSchedulerCases,
	// The WhatsApp Trigger, a webhook.
	...incomingWhatsAppCases,
	...triggerEventsCases,
	...eventMemoryCases,
];
assertOwnWorkflowIds(cases);
