/** What other modules may use of modules/master-data/ (the import rules allow nothing else). */
export {
  CONNECTION_OBJECT,
  POINT_OF_DELIVERY_OBJECT,
  isVisibleObject,
} from './repositories/points-of-delivery'
