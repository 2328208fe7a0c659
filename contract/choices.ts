/** Education choices, word for word from the spec's profile and portfolio forms. */
export const profileEducations = ["Masters", "Bachelor", "HSC", "SSC", "JSC"] as const;

export const portfolioEducations = [
  "Bsc in CSE",
  "Bsc in IT",
  "Bsc in ICT",
  "Bsc in ETE",
  "Bsc in EEE",
  "Msc in CSE",
  "Bachelor",
  "Masters",
  "HSC",
  "SSC",
  "JSC",
  "Others",
] as const;
