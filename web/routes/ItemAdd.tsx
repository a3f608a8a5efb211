import { useNavigate } from 'react-router';
import CreateItemDialog from '../features/item/CreateItemDialog';
import { readStoredGroupId } from '../features/item/item-rules';
import ItemIndex from './ItemIndex';

/** `/item/add`: the create-project dialog over the project list; closing it leaves the list. */
export default function ItemAdd() {
  const navigate = useNavigate();
  return (
    <ItemIndex>
      <CreateItemDialog open onClose={() => navigate('/item/index')} defaultGroupId={readStoredGroupId()} />
    </ItemIndex>
  );
}
