/** What other modules may use of the monthly consumption information (decision 033). */
export { consumptionInformationLines, consumptionInformationPdf } from './consumption-information'
export { propertyMonthUsers, type MonthUser } from './month-users'
export { MONTH_NOT_AVAILABLE, UNIT_NOT_FOUND, unitReport } from './unit-report'
export {
  mainHeatReadingsBetween,
  propertyUnitsBetween,
  unitContracts,
  type ConsumptionUnit,
} from './repositories/consumption'
