export * from './entities'
export * from './fields'
export * from './json-schemas'
export * from './validate'
