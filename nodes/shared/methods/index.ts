/**
 * The methods of every node, registered wholesale (`methods = { credentialTest, listSearch,
 * loadOptions, resourceMapping }`): a description names a method only by its string (a field's
 * method, a credential's `testedBy`), so a test checks that every method named is exported here
 * (test/nodes/descriptions.test.ts).
 */
export * as credentialTest from './credentialTest';
export * as listSearch from './listSearch';
export * as loadOptions from './loadOptions';
export * as resourceMapping from './resourceMapping';
