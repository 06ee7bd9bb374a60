// The types of server-layers.eslint.js, for the test that imports it.
import type { Linter } from 'eslint'

export declare const serverZones: {
  target: string | string[]
  from: string | string[]
  except?: string[]
  message: string
}[]
export declare const serverLayerRules: Linter.RulesRecord
export declare const serverLayerSettings: Pick<Linter.Config, 'plugins' | 'settings'>
export declare const serverLayers: Linter.Config
