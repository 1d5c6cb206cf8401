/** The choices the forms offer (spec sections 5 and 9). Values are what is sent. */

const opts = <const T extends string>(values: readonly T[], labels?: Partial<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels?.[value] ?? value }));

/** Business lead form (spec 5). */
export const companySizes = ["10-50", "50-100", "100-200"] as const;
export const leadFleetSizes = ["10", "20", "30"] as const;
export const leadFuelTypes = ["Gasoline with clear diesel plus DEF", "Red diesel plus DEF with gasoline", "Diesel/DEF other"] as const;

export const companySizeOptions = opts(companySizes, {
  "10-50": "10–50 employees",
  "50-100": "50–100 employees",
  "100-200": "100–200 employees",
});
export const leadFleetSizeOptions = opts(leadFleetSizes, { "10": "10 vehicles", "20": "20 vehicles", "30": "30 vehicles" });
export const leadFuelTypeOptions = opts(leadFuelTypes);

/** Quote business form (spec 9). */
export const employeeSizes = ["10-50", "50-100", "100-200", "200-500", "500-1000"] as const;
export type EmployeeSize = (typeof employeeSizes)[number];
export const employeeSizeOptions = opts(employeeSizes, {
  "10-50": "10–50",
  "50-100": "50–100",
  "100-200": "100–200",
  "200-500": "200–500",
  "500-1000": "500–1,000",
});

export const quoteFuelTypes = ["Gasoline", "Diesel Clear/Red", "Others"] as const;
export const quoteFuelTypeOptions = opts(quoteFuelTypes, { "Diesel Clear/Red": "Diesel (clear or red)" });

export const tankTypes = ["Over Ground", "Under Ground"] as const;
export const tankTypeOptions = opts(tankTypes, { "Over Ground": "Above ground", "Under Ground": "Underground" });

export const frequencies = ["daily", "alternate", "weekly"] as const;
export const frequencyOptions = opts(frequencies, { daily: "Daily", alternate: "Every other day", weekly: "Weekly" });

/** Fleet scheduled-fueling sign-up (spec 3; the spec names the fields, we give the choices). */
export const fleetSignupSizes = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export const fleetSignupSizeOptions = opts(fleetSignupSizes, {
  "1-10": "1–10 vehicles",
  "11-50": "11–50 vehicles",
  "51-200": "51–200 vehicles",
  "201-500": "201–500 vehicles",
  "500+": "More than 500 vehicles",
});
export const fleetTypes = ["Cars and vans", "Pickup and box trucks", "Semi trucks", "Construction equipment", "Buses", "Mixed fleet"] as const;
export const fleetTypeOptions = opts(fleetTypes);

/** US states and territories the ZIP data covers, by postal code. */
export const usStates = [
  ["AL", "Alabama"],
  ["AK", "Alaska"],
  ["AZ", "Arizona"],
  ["AR", "Arkansas"],
  ["CA", "California"],
  ["CO", "Colorado"],
  ["CT", "Connecticut"],
  ["DE", "Delaware"],
  ["DC", "District of Columbia"],
  ["FL", "Florida"],
  ["GA", "Georgia"],
  ["HI", "Hawaii"],
  ["ID", "Idaho"],
  ["IL", "Illinois"],
  ["IN", "Indiana"],
  ["IA", "Iowa"],
  ["KS", "Kansas"],
  ["KY", "Kentucky"],
  ["LA", "Louisiana"],
  ["ME", "Maine"],
  ["MD", "Maryland"],
  ["MA", "Massachusetts"],
  ["MI", "Michigan"],
  ["MN", "Minnesota"],
  ["MS", "Mississippi"],
  ["MO", "Missouri"],
  ["MT", "Montana"],
  ["NE", "Nebraska"],
  ["NV", "Nevada"],
  ["NH", "New Hampshire"],
  ["NJ", "New Jersey"],
  ["NM", "New Mexico"],
  ["NY", "New York"],
  ["NC", "North Carolina"],
  ["ND", "North Dakota"],
  ["OH", "Ohio"],
  ["OK", "Oklahoma"],
  ["OR", "Oregon"],
  ["PA", "Pennsylvania"],
  ["RI", "Rhode Island"],
  ["SC", "South Carolina"],
  ["SD", "South Dakota"],
  ["TN", "Tennessee"],
  ["TX", "Texas"],
  ["UT", "Utah"],
  ["VT", "Vermont"],
  ["VA", "Virginia"],
  ["WA", "Washington"],
  ["WV", "West Virginia"],
  ["WI", "Wisconsin"],
  ["WY", "Wyoming"],
] as const;
export type StateCode = (typeof usStates)[number][0];
export const stateCodes = usStates.map(([code]) => code) as StateCode[];
export const stateOptions = usStates.map(([value, label]) => ({ value, label }));
export const stateName = (code: string) => usStates.find(([c]) => c === code)?.[1];
