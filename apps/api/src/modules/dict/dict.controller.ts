import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { dictListsSchema, type DictLists } from '@valuation/contracts';
import { DICTIONARIES, type DictType } from '@valuation/domain';
import { Authenticated } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';

const copy = (type: DictType) => DICTIONARIES[type].map(({ dictCode, dictName }) => ({ dictCode, dictName }));

@ApiTags('字典')
@Controller('dict')
export class DictController {
  @Authenticated()
  @Returns(dictListsSchema)
  @Get('list')
  @ApiOperation({ summary: '估价表单字典：朝向、装修、室内结构、建筑类型、建筑结构' })
  list(): DictLists {
    return {
      face: copy('face'),
      intDeco: copy('intDeco'),
      indoStru: copy('indoStru'),
      bldgType: copy('bldgType'),
      bldgStru: copy('bldgStru'),
    };
  }
}
