import account from './account.json'
import auth from './auth.json'
import catalogue from './catalogue.json'
import common from './common.json'
import faq from './faq.json'
import layout from './layout.json'
import legal from './legal.json'
import properties from './properties.json'

export default {
  ...common,
  ...layout,
  ...auth,
  ...properties,
  ...catalogue,
  ...account,
  ...faq,
  ...legal,
}
