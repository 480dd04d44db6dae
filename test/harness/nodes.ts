import type { INodeType } from 'n8n-workflow';

import { WorkspaceActivities } from '../../nodes/WorkspaceActivities/WorkspaceActivities.node';
import { WorkspaceActivitiesTrigger } from '../../nodes/WorkspaceActivitiesTrigger/WorkspaceActivitiesTrigger.node';
import { WorkspaceAttributes } from '../../nodes/WorkspaceAttributes/WorkspaceAttributes.node';
import { WorkspaceEmail } from '../../nodes/WorkspaceEmail/WorkspaceEmail.node';
import { WorkspaceLists } from '../../nodes/WorkspaceLists/WorkspaceLists.node';
import { WorkspaceListsTrigger } from '../../nodes/WorkspaceListsTrigger/WorkspaceListsTrigger.node';
import { WorkspaceMembers } from '../../nodes/WorkspaceMembers/WorkspaceMembers.node';
import { WorkspaceRcs } from '../../nodes/WorkspaceRcs/WorkspaceRcs.node';
import { WorkspaceRecords } from '../../nodes/WorkspaceRecords/WorkspaceRecords.node';
import { WorkspaceRecordsTrigger } from '../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { WorkspaceSms } from '../../nodes/WorkspaceSms/WorkspaceSms.node';
import { WorkspaceUserGroups } from '../../nodes/WorkspaceUserGroups/WorkspaceUserGroups.node';
import { WorkspaceWhatsApp } from '../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';

/** Every declarative action node of the package: a new one joins the description checks here. */
export const ACTION_NODES: INodeType[] = [
	new WorkspaceRecords(),
	new WorkspaceLists(),
	new WorkspaceActivities(),
	new WorkspaceMembers(),
	new WorkspaceAttributes(),
	new WorkspaceUserGroups(),
	new WorkspaceSms(),
	new WorkspaceWhatsApp(),
	new WorkspaceEmail(),
	new WorkspaceRcs(),
];

/** The three poll triggers. */
export const POLL_TRIGGERS: INodeType[] = [
	new WorkspaceRecordsTrigger(),
	new WorkspaceListsTrigger(),
	new WorkspaceActivitiesTrigger(),
];
