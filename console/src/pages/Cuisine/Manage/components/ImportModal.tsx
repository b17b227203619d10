/**
 * Excel import of dishes: the template, the upload, and the server's report. Nothing is written
 * unless every row is valid; each bad cell is listed with its row, column and message.
 */
import React from 'react';
import ImportModal, { type ImportTexts } from '@/components/ImportModal';
import { downloadImportTemplate, importDishes } from '@/services/cuisine';
import { formatNumber } from '@/utils/intl';
import { t } from '../../shared/text';

/** The server names import columns by their field; shown with the form's labels. */
const COLUMN_LABELS: Record<string, string> = {
  number: 'cuisine.dish.number',
  name: 'cuisine.dish.name',
  categoryId: 'cuisine.dish.category',
  sort: 'cuisine.sort',
  price: 'cuisine.dish.price',
  discountPrice: 'cuisine.dish.discountPrice',
  description: 'cuisine.dish.description',
  specialty: 'cuisine.dish.specialty',
  status: 'cuisine.dish.shelf',
  images: 'cuisine.dish.images',
  specs: 'cuisine.spec.title',
};

const columnLabel = (field: string) => {
  const root = field.split(/[.[]/)[0];
  return COLUMN_LABELS[root] ? t(COLUMN_LABELS[root]) : field;
};

const DishImportModal: React.FC<{ open: boolean; onClose: () => void; onImported: () => void }> = ({
  open,
  onClose,
  onImported,
}) => {
  const texts: ImportTexts = {
    title: t('cuisine.import.title'),
    template: t('cuisine.import.template'),
    hint: t('cuisine.import.hint'),
    pick: t('cuisine.import.drop'),
    running: t('cuisine.import.running'),
    close: t('cuisine.close'),
    done: (r) => t('cuisine.import.done', { count: formatNumber(r.imported) }),
    failed: (r, rows) => t('cuisine.import.failed', { count: formatNumber(rows), total: formatNumber(r.total) }),
    row: t('cuisine.import.row'),
    field: t('cuisine.import.field'),
    message: t('cuisine.import.message'),
  };
  return (
    <ImportModal
      open={open}
      texts={texts}
      accept=".xlsx"
      startOnPick
      template={downloadImportTemplate}
      upload={(file) => importDishes(file)}
      fieldLabel={columnLabel}
      onClose={onClose}
      onImported={(report) => report.imported > 0 && onImported()}
    />
  );
};

export default DishImportModal;
