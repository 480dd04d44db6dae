import type { IDataObject } from 'n8n-workflow';

import { clock } from '../clock';
import type { Cursor, PollBounds, PollSource } from './poll';
import { poll, readAfter } from './poll';

/**
 * Activity Due: due times are not creation order, so the poll reads what came due since the last
 * poll, by due time (`due`), and what was created since then already due (its due time past, or
 * sooner than one reminded before), by creation time (`created`). Each reminder (activity and due
 * time) is emitted once, and remembered until neither cursor can reach it.
 */
export interface DueState {
	due: Cursor;
	created: Cursor;
	/** `id|scheduleAt` → its `[scheduleAt, createdAt]`, of the reminders either cursor may read again. */
	reminded: Record<string, [string, string]>;
}

const reminderOf = (row: IDataObject) => `${String(row._id)}|${String(row.scheduleAt)}`;

/**
 * One poll over `byDue` (open activities due by now plus Minutes Before Due, by due time): those
 * not yet reminded at that time, at most `maxRows`. The first poll only takes stock; a
 * rescheduled activity fires again at its new time, when that is still to come.
 */
export async function duePoll(
	byDue: PollSource,
	saved: DueState | undefined,
	bounds: PollBounds,
): Promise<{ rows: IDataObject[]; state: DueState }> {
	const byCreation: PollSource = { ...byDue, orderBy: 'createdAt' };
	if (!saved) {
		// Every activity there is now, due or not, is behind the creation cursor.
		const everything: PollSource = { ...byCreation, conditions: [] };
		const { cursor: due } = await poll(byDue, undefined, bounds);
		const { cursor: created } = await poll(everything, undefined, bounds);
		return { rows: [], state: { due, created, reminded: {} } };
	}
	// Both reads share the poll's time, as they share its bound.
	const startedAt = clock.now();
	const comingDue = await readAfter(byDue, saved.due, bounds, startedAt);
	const left = { ...bounds, maxRows: bounds.maxRows - comingDue.rows.length };
	const createdDue =
		left.maxRows > 0
			? await readAfter(byCreation, saved.created, left, startedAt).catch(() => undefined)
			: undefined;
	const reminded = { ...saved.reminded };
	const rows: IDataObject[] = [];
	for (const row of [...comingDue.rows, ...(createdDue?.rows ?? [])]) {
		const key = reminderOf(row);
		if (Object.hasOwn(reminded, key)) continue;
		reminded[key] = [String(row.scheduleAt), String(row.createdAt)];
		rows.push(row);
	}
	const state: DueState = {
		due: comingDue.cursor,
		created: createdDue?.cursor ?? saved.created,
		reminded: {},
	};
	// A reminder behind both cursors can be read by neither again.
	for (const [key, [scheduleAt, createdAt]] of Object.entries(reminded))
		if (scheduleAt > state.due.at || createdAt > state.created.at)
			state.reminded[key] = [scheduleAt, createdAt];
	rows.sort((a, b) => String(a.scheduleAt).localeCompare(String(b.scheduleAt)));
	return { rows, state };
}
