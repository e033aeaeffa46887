import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { DICTIONARIES, type DictType } from '@valuation/domain';
import type { DictLists } from '@valuation/contracts';
import { Authenticated } from '../../common/access.decorators';

const copy = (type: DictType) => DICTIONARIES[type].map(({ dictCode, dictName }) => ({ dictCode, dictName }));

@ApiTags('字典')
@Controller('dict')
export class DictController {
  @Authenticated()
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
