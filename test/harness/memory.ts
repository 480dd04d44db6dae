import { deliveryMemory, stores, storesOf } from '../../nodes/shared/memory';
import { deliveries, EVENTS_KEPT_MS } from '../../nodes/WorkspaceWhatsAppTrigger/eventMemory';

/**
 * As if n8n had restarted: the memory made anew, the WhatsApp trigger's events with it. A ledger
 * of writes this small (`ledgerBytes`; undefined: as shipped) shows what happens when it overflows.
 */
export function restartMemory(ledgerBytes?: number): void {
	Object.assign(stores, storesOf(ledgerBytes));
	Object.assign(deliveries, deliveryMemory(EVENTS_KEPT_MS));
}

/** Every key the memory holds now, to show that none is a value of the user's. */
export const memoryKeys = () => Object.values(stores).flatMap((store) => store.keys());
