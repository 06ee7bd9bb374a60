/**
 * The codes of the CO2 split's corrections (decision 032), apart from its rules so that the wire
 * schemas, which every screen loads, do not carry the rules along.
 */

/** § 9 CO2KostAufG and the WEG: what limits the landlord's share. */
export const CO2_RESTRICTIONS = ['none', 'half', 'noSplit', 'weg'] as const
export type Co2Restriction = (typeof CO2_RESTRICTIONS)[number]

/** The area the emission is related to: living area (WF, the law's) or heated area (HF). */
export const CO2_AREA_KINDS = ['WF', 'HF'] as const
export type Co2AreaKind = (typeof CO2_AREA_KINDS)[number]
