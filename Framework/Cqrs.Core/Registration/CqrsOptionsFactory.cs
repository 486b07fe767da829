using Microsoft.Extensions.Options;

namespace Cqrs;

/// <summary>
/// Starts each container's options from a copy of those the <c>configure</c> delegates of <c>AddCqrs</c> set, so each
/// delegate runs once, when <c>AddCqrs</c> is called; configuration and other setups then apply over them as usual.
/// </summary>
internal sealed class CqrsOptionsFactory(
    CqrsBuilder builder,
    IEnumerable<IConfigureOptions<CqrsOptions>> setups,
    IEnumerable<IPostConfigureOptions<CqrsOptions>> postConfigures,
    IEnumerable<IValidateOptions<CqrsOptions>> validations)
    : OptionsFactory<CqrsOptions>(setups, postConfigures, validations)
{
    protected override CqrsOptions CreateInstance(string name) => builder.Options.Copy();
}
