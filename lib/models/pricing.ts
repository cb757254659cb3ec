/** The service reports `output.cost` in USD with 8 decimals (1024² Flux Schnell → 0.00251658). */
export function usd(amount: number): number {
  return Math.round(amount * 1e8) / 1e8;
}

export const megapixels = (width: number, height: number) => (width * height) / 1e6;

export const perMillionTokens = (tokens: number, rate: number) => (tokens / 1e6) * rate;
