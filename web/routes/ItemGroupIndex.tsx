import { useNavigate } from 'react-router';
import GroupManagerDialog from '../features/itemGroup/GroupManagerDialog';
import ItemIndex from './ItemIndex';

/** `/item/group/index`: the group manager over the project list; closing it leaves the list. */
export default function ItemGroupIndex() {
  const navigate = useNavigate();
  return (
    <ItemIndex>
      <GroupManagerDialog open onClose={() => navigate('/item/index')} />
    </ItemIndex>
  );
}
