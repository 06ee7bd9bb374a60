// The types of portal-layers.eslint.js, for the test that imports it.
import type { Linter } from 'eslint'

export declare const portalZones: {
  target: string | string[]
  from: string | string[]
  except?: string[]
  message: string
}[]
export declare const portalLayerRules: Linter.RulesRecord
export declare const portalLayerSettings: Pick<Linter.Config, 'plugins' | 'settings'>
export declare const portalLayers: Linter.Config
