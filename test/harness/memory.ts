import { deliveries, stores, storesOf } from '../../nodes/shared/memory';

/**
 * As if n8n had restarted: the memory made anew. A ledger of writes this small (`ledgerBytes`;
 * undefined: as shipped) shows what happens when it overflows.
 */
export function restartMemory(ledgerBytes?: number): void {
	Object.assign(stores, storesOf(ledgerBytes));
	deliveries.forgetAllForTests();
}

/** Every key the memory holds now, to show that none is a value of the user's. */
export const memoryKeys = () => Object.values(stores).flatMap((store) => store.keys());
