import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { CustomerConfig } from '@portal/domain'
import { PageTitle } from '../../components/kit/page-title'
import { useCustomer } from '../../lib/customer'

/** A legal notice of the customer configuration: title, then headed sections of paragraphs. */
export function LegalText({ text }: { text: keyof CustomerConfig['legal'] }) {
  const { config } = useCustomer()
  const legal = config.legal[text]
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageTitle documentTitle={legal.title}>{legal.title}</PageTitle>
      {legal.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph, index) => (
            <Typography key={index} sx={{ mb: 2 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  )
}
