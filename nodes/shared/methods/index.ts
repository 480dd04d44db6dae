/**
 * The methods of every node, registered wholesale (`methods = { listSearch, loadOptions,
 * resourceMapping }`): a description names a method only by its string, so a test checks that
 * every method a field names is exported here (test/nodes/descriptions.test.ts).
 */
export * as listSearch from './listSearch';
export * as loadOptions from './loadOptions';
export * as resourceMapping from './resourceMapping';
