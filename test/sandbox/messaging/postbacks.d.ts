// Types of the sandbox's postbacks (postbacks.js) for the TypeScript tests.
export interface PlanStep {
	status: string;
	remark?: string;
	afterMs?: number;
	times?: number;
	payload?: Record<string, unknown>;
}

export interface Try {
	at: number;
	status?: number;
	error?: string;
}

export interface Delivery {
	url: string;
	text: string;
	payload: Record<string, unknown>;
	status?: number;
	error?: string;
	tries: Try[];
}

export interface Postbacks {
	deliveries: Delivery[];
	firstStatus(): PlanStep;
	schedule(message: object, postBackUrl: string, postBackData: string | undefined): void;
	postFor(message: object, step: PlanStep, url?: string): Promise<Delivery>;
	runDue(now?: number): Promise<void>;
	settled(): Promise<unknown>;
	clear(): void;
}

export const RETRY_DELAYS_S: number[];

export function createPostbacks(options: {
	clock: () => number;
	config: { workspaceId: string; deliveryPlan?: PlanStep[] };
	post?: (
		url: string,
		headers: Record<string, string>,
		text: string,
	) => Promise<{ status?: number; error?: string }>;
	onStatus?: (message: object, step: PlanStep) => void;
}): Postbacks;
