import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { ATTRIBUTE_LABELS, formatAttributeValue, label, type AttributeRecord } from '@portal/domain'
import type { ReactNode } from 'react'
import { DescriptionList } from './description-list'
import { PanelState } from './panel-state'

/** Coded master data (HF, WF, GNA, BJ …) with German labels and units, as a description list. */
export function AttributesPanel({
  title,
  attributes,
  loading,
  error,
  headingLevel = 'h2',
  children,
}: {
  title: string
  attributes: AttributeRecord[] | undefined
  loading: boolean
  error: unknown
  headingLevel?: 'h2' | 'h3'
  children?: ReactNode
}) {
  const shown = (attributes ?? []).filter((a) => a.ATTRIBUT !== 'PR')
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h6" component={headingLevel} gutterBottom>
        {title}
      </Typography>
      {children}
      <PanelState loading={loading} error={error} empty={shown.length === 0}>
        <DescriptionList
          items={shown.map((attribute) => ({
            key: attribute.ATTRIBUT,
            term: label(ATTRIBUTE_LABELS, attribute.ATTRIBUT),
            description: formatAttributeValue(attribute.ATTRIBUT, attribute.WERT),
          }))}
        />
      </PanelState>
    </Box>
  )
}
