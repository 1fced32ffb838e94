export const iso = (instant: Date | null) => instant?.toISOString() ?? null;
