import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { formatDate } from '@portal/domain'
import { useTranslation } from 'react-i18next'
import { PanelState } from '../../../components/panel-state'
import { useHistory } from '../api/operating-costs'

const time = (at: string) =>
  new Intl.DateTimeFormat('de-DE', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Berlin',
  }).format(new Date(at))

/** Who changed what and when (the audit log), including decline reasons. */
export function CostHistory({ id }: { id: string }) {
  const { t } = useTranslation()
  const history = useHistory(id)
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby="cost-history-title"
    >
      <Typography variant="h6" component="h2" id="cost-history-title">
        {t('costs.history.title')}
      </Typography>
      <PanelState loading={history.isPending} error={history.error} empty={!history.data?.length}>
        <List dense>
          {history.data?.map((entry, index) => (
            <ListItem key={`${entry.at}-${index}`} disableGutters>
              <ListItemText
                // the server words every change it knows; an unknown one is not shown by its code
                primary={entry.detail ?? t('costs.history.change')}
                secondary={`${formatDate(entry.at)} ${time(entry.at)} · ${entry.userName}`}
              />
            </ListItem>
          ))}
        </List>
      </PanelState>
    </Paper>
  )
}
