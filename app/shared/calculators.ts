/**
 * Formulas and input rules of the two calculators (spec sections 4, 5 and 9). Pure
 * functions: the components only wire them to sliders.
 */

export interface Limit {
  min: number;
  max: number;
  step: number;
}

const usNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A whole number with thousands separators: 9360000 → "9,360,000". */
export function formatNumber(n: number): string {
  return usNumber.format(Math.round(n));
}

/**
 * The value a typed entry sets: empty means 0; anything that is not a number, below the
 * minimum or above the maximum is ignored (the previous value stays); fractions round.
 */
export function acceptTyped(raw: string, limit: Limit, previous: number): number {
  const text = raw.trim();
  if (text === "") return limit.min;
  const n = Number(text);
  if (!Number.isFinite(n) || n < limit.min || n > limit.max) return previous;
  return Math.round(n);
}

/** Whether a value lies on the slider's steps (0, 200, 400… for a step of 200). */
export function onStep(value: number, limit: Limit): boolean {
  return (value - limit.min) % limit.step === 0;
}

/**
 * The value a slider move sets. A typed value is kept as typed, off the slider's steps
 * (350 vehicles stays 350), so the slider then moves freely; its next move goes back onto
 * the steps: a move of one step or less (an arrow key) to the next step in its direction
 * (up from 350: 400; down: 200), a longer drag to the step nearest where it ended.
 */
export function fromSlider(slid: number, limit: Limit, previous: number): number {
  if (!Number.isFinite(slid) || slid === previous) return previous;
  const at = (slid - limit.min) / limit.step;
  const from = (previous - limit.min) / limit.step;
  const steps = Math.abs(slid - previous) > limit.step ? Math.round(at) : slid > previous ? Math.floor(from) + 1 : Math.ceil(from) - 1;
  return Math.min(limit.max, Math.max(limit.min, limit.min + steps * limit.step));
}

// ---------------------------------------------------------------- CO2 calculator

export type FuelType = "diesel" | "gasoline";

/** Pounds of CO2 saved per fueling that comes to the vehicle instead of a station trip. */
export const co2Factor: Record<FuelType, number> = { diesel: 9, gasoline: 1.4 };

export const co2Limits = {
  vehicles: { min: 0, max: 20000, step: 200 },
  fuelings: { min: 0, max: 100, step: 1 },
} as const satisfies Record<string, Limit>;

export interface Co2State {
  fuel: FuelType;
  vehicles: number;
  /** Fuelings per vehicle per week. */
  fuelings: number;
}

export const co2Initial: Co2State = { fuel: "diesel", vehicles: 0, fuelings: 0 };

/** Annual pounds of CO2 saved = 52 weeks × weekly fuelings × vehicles × factor. */
export function co2Annual({ fuel, vehicles, fuelings }: Co2State): number {
  return 52 * fuelings * vehicles * co2Factor[fuel];
}

/** "9,360,000 lbs" */
export function formatLbs(lbs: number): string {
  return `${formatNumber(lbs)} lbs`;
}

export type Co2Action = { type: "fuel"; fuel: FuelType } | { type: "vehicles"; raw: string } | { type: "fuelings"; raw: string };

/** Changing the fuel type starts over: both sliders (and so the result) go back to 0. */
export function co2Reducer(state: Co2State, action: Co2Action): Co2State {
  switch (action.type) {
    case "fuel":
      return { fuel: action.fuel, vehicles: 0, fuelings: 0 };
    case "vehicles":
      return { ...state, vehicles: acceptTyped(action.raw, co2Limits.vehicles, state.vehicles) };
    case "fuelings":
      return { ...state, fuelings: acceptTyped(action.raw, co2Limits.fuelings, state.fuelings) };
  }
}

// ------------------------------------------------------------ savings calculator

export const savingsLimits = {
  vehicles: { min: 0, max: 200, step: 2 },
  gallons: { min: 0, max: 20000, step: 200 },
  refuels: { min: 0, max: 100, step: 1 },
} as const satisfies Record<string, Limit>;

export type SavingsField = keyof typeof savingsLimits;

export interface SavingsState {
  vehicles: number;
  /** Gallons a month across the fleet (context for the estimate; not in the formula). */
  gallons: number;
  /** Refuels per vehicle per week. */
  refuels: number;
}

export const savingsInitial: SavingsState = { vehicles: 0, gallons: 0, refuels: 0 };

/** The labor cost per hour the estimate assumes. */
export const laborCostPerHour = 52;

export interface SavingsResult {
  /** vehicles × weekly refuels × 4 weeks × 12 months */
  total: number;
  /** 12 × total / 100 */
  averageAnnual: number;
}

export function savings({ vehicles, refuels }: SavingsState): SavingsResult {
  const total = vehicles * refuels * 4 * 12;
  return { total, averageAnnual: (12 * total) / 100 };
}

export type SavingsAction = { type: "set"; field: SavingsField; raw: string } | { type: "reset" };

/** Re-Calculate resets every input (and so both results) to 0. */
export function savingsReducer(state: SavingsState, action: SavingsAction): SavingsState {
  if (action.type === "reset") return savingsInitial;
  return { ...state, [action.field]: acceptTyped(action.raw, savingsLimits[action.field], state[action.field]) };
}
