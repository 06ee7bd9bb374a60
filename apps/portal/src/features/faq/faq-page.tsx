import ExpandMore from '@mui/icons-material/ExpandMore'
import Accordion from '@mui/material/Accordion'
import AccordionDetails from '@mui/material/AccordionDetails'
import AccordionSummary from '@mui/material/AccordionSummary'
import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { useTranslation } from 'react-i18next'
import { PageTitle } from '../../components/kit/page-title'
import { useCustomer } from '../../lib/customer'
import './locales'

/** The FAQ of the customer configuration, loaded before the application started. */
export function Component() {
  const { t } = useTranslation()
  const { faq } = useCustomer()
  return (
    <>
      <PageTitle documentTitle={t('faq.title')}>{t('faq.title')}</PageTitle>
      {faq.sections.map((section, s) => (
        <Box component="section" key={section.title} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {section.title}
          </Typography>
          {section.items.map((item, i) => (
            <Accordion key={item.question} disableGutters>
              <AccordionSummary
                expandIcon={<ExpandMore />}
                id={`faq-${s}-${i}-question`}
                aria-controls={`faq-${s}-${i}-answer`}
              >
                <Typography
                  component="h3"
                  sx={{
                    fontWeight: 500,
                  }}
                >
                  {item.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${s}-${i}-answer`}>
                <Typography>{item.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
      ))}
    </>
  )
}
