import { CredentialTestContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeCredentialTestResult,
	INodeType,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { WorkspaceActivities } from '../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { WorkspaceAttributes } from '../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceMembers } from '../../nodes/WorkspaceMembers/WorkspaceMembers.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceActivitiesTrigger } from '../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceListsTrigger } from '../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceRecordsTrigger } from '../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { WorkspaceSms } from '../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { additionalDataFor } from './runNode';

export const NODE_TYPES: INodeType[] = [
	new WorkspaceActivities(),
	new WorkspaceActivitiesTrigger(),
	new WorkspaceAttributes(),
	new WorkspaceLists(),
	new WorkspaceListsTrigger(),
	new WorkspaceMembers(),
	new WorkspaceRecords(),
	new WorkspaceRecordsTrigger(),
	new WorkspaceSms(),
	new WorkspaceUserGroups(),
];

/**
 * Tests a credential the way n8n's credential tester does (1.123 and 2.40,
 * `credentials-tester.service`): the credential type has no `test`, so the first node that
 * lists it with `testedBy` gives the method, called with n8n-core's own `CredentialTestContext`.
 */
export async function testCredential(
	type: string,
	data: ICredentialDataDecryptedObject,
): Promise<INodeCredentialTestResult> {
	for (const nodeType of NODE_TYPES) {
		const testedBy = nodeType.description.credentials?.find((c) => c.name === type)?.testedBy;
		if (typeof testedBy !== 'string') continue;
		const method = nodeType.methods?.credentialTest?.[testedBy];
		if (!method) throw new Error(`${nodeType.description.name} has no credentialTest ${testedBy}`);
		const context = new CredentialTestContext(
			additionalDataFor({}) as IWorkflowExecuteAdditionalData,
		);
		return await method.call(context, { id: 'test', name: 'Test', type, data });
	}
	throw new Error(`no node tests ${type}`);
}
