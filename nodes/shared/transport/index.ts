/**
 * The door: every request of every node, dropdown, search and trigger leaves through here, and
 * node folders import transport from this module alone. The life of a request is in
 * pipeline.ts, top to bottom; each module behind it has one job.
 *
 * Words of the design, once:
 * - node run: one node's run within an execution (`runOf`); Retry On Fail reruns it with the
 *   same identity. trigger: one active trigger, poll after poll (`triggerOf`).
 * - pace: a node run's or trigger's concurrency (Max Concurrent Requests) and, once the
 *   service refused a request (429), the rate it accepts (pace.ts).
 * - attempt: one try of a request; classify: what its failure says (policy.ts): refused before
 *   any work, not sent, in doubt (a 5xx or a drop: it may have been done), or final.
 * - doubt: a write whose outcome is unknown, never sent blindly again: settled, or its item fails.
 * - settle: look up what a write in doubt left (lostAnswer.ts): found, it succeeds; certainly
 *   not done, it is sent again within the same deadline.
 * - remember, recall: what each write of a node run became is kept (the ledger of ../memory)
 *   and read before it is sent, so that n8n's rerun of the node sends none of them twice.
 * - Give Up After: one deadline from a request's first attempt, over retries, pace and answers.
 */

export { credentialBaseUrl, hostOf } from '../auth';
export type { ApiFailure, Hints } from './answers';
export {
	apiError,
	checkAnswer,
	DEFAULT_HINTS,
	describeFailure,
	isDuplicateRefusal,
} from './answers';
export { unreachableReason } from './failures';
export type { CreatedLookup } from './lostAnswer';
export { fetchPages, PAGE_SIZE, paginateBody } from './pagination';
export type { FilterShape, QueryEndpoint } from './paths';
export { ACTIVITY_COLLECTION, paths, queries, segment } from './paths';
export { DEFAULT_RUN_SETTINGS, httpStatusOf } from './policy';
export type { ApiRequestOptions } from './requests';
export { apiRequest, paceOfTrigger, RECORDS_CREDENTIAL, requestDefaults } from './requests';
export type { OperationRun } from './routing';
export { singleRequest, throughDoor, updateThenRead, withoutBody } from './routing';
export { downloadFile, TooBig } from './download';
export type { FileToUpload } from './upload';
export { uploadFile } from './upload';
