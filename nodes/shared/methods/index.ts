/** Descriptions name methods by string only: test/nodes/descriptions.test.ts checks each is here. */
export * as credentialTest from './credentialTest';
export * as listSearch from './listSearch';
export * as loadOptions from './loadOptions';
export * as resourceMapping from './resourceMapping';
