/** Settings of the hosted models (README "Hosted models on the local platform"). */
export interface ModelsConfig {
  /**
   * Multiplies every simulated execution time of a hosted model (PLATFORM_MODEL_SPEED): 1 is the
   * default pace (a Flux Dev 1024² image in about 2 s), 0.1 ten times faster, 0 instant.
   */
  timeScale: number;
}

export class ModelsConfigError extends Error {}

export function loadModelsConfig(env: Record<string, string | undefined>): ModelsConfig {
  const raw = env.PLATFORM_MODEL_SPEED?.trim();
  if (!raw) return { timeScale: 1 };
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 100) {
    throw new ModelsConfigError(
      `PLATFORM_MODEL_SPEED must be a time factor between 0 (instant) and 100 (1 = default pace), got "${raw}"`,
    );
  }
  return { timeScale: n };
}
