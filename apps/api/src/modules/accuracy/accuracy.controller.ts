import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { publishedAccuracySchema, type PublishedAccuracyDto } from '@valuation/contracts';
import { PUBLISHED_ACCURACY } from '@valuation/valuation';
import { Public } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';

@ApiTags('估值准确度')
@Controller('accuracy')
export class AccuracyController {
  @Public()
  @Returns(publishedAccuracySchema)
  @Get()
  @ApiOperation({
    summary:
      '估值准确度（无需登录）：留一法回测的数据、引擎版本与日期，按数据集、置信等级与估价方法的 MdAPE、PPE10/PPE20、COD、PRD、PRB 与区间覆盖率',
  })
  published(): PublishedAccuracyDto {
    return PUBLISHED_ACCURACY;
  }
}
