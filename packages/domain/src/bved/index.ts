export {
  BvedWriteError,
  bvedFileVersion,
  readBvedFile,
  writeBvedFile,
  writeRecord,
  type BvedError,
  type BvedFieldRef,
  type BvedProblem,
  type BvedReadRecord,
  type BvedReadResult,
  type BvedRecord,
  type BvedValues,
} from './codec'
export { BVED_FIRST_YEAR, BVED_LAST_YEAR } from './field-values'
export { bvedFileName } from './file-name'
export * from './layouts'
export {
  bvedCostSummary,
  isBvedCostReadingClean,
  readBvedCosts,
  type BvedCostLine,
  type BvedCostReading,
  type BvedCostRecord,
  type BvedCostTarget,
  type BvedCostType,
  type BvedFuelFigures,
} from './cost-import'
export { BVED_FUELS, bvedFuel, bvedFuelKeyOf, type BvedFuel } from './fuels'
export {
  BVED_PERIOD_PATTERN,
  BVED_SERIES,
  BVED_SERVICES,
  BVED_UNITS_OF_MEASURE,
  bvedResidentialUnitFigures,
  type BvedBenchmark,
  type BvedConsumption,
  type BvedResidentialUnitFigures,
  type BvedService,
  type BvedUnitOfMeasure,
} from './consumption-data'
export {
  BVED_NAME_MESSAGE,
  BVED_STREET_MESSAGE,
  BVED_VACANCY_MESSAGE,
  bvedUserSummary,
  isBvedUserReadingClean,
  readBvedUsers,
  splitStreet,
  splitUserName,
  type BvedUserReading,
  type BvedUserRow,
  type BvedUserTarget,
  type BvedUserUnit,
} from './user-import'
