using Microsoft.Extensions.DependencyInjection;

namespace Cqrs.Pipeline;

/// <summary>
/// The services of one type (validators, middleware) with the handlers' lifetime: singletons resolved once, scoped
/// ones from each call's scope, and only when any is registered, so that a scoped call without them resolves
/// nothing. Thread-safe.
/// </summary>
internal sealed class LifetimeServices<TService>
{
    public static readonly LifetimeServices<TService> None = new([], scoped: false);

    private LifetimeServices(TService[] singletons, bool scoped)
    {
        Singletons = singletons;
        IsScoped = scoped;
    }

    /// <summary>True when the services come from each call's scope.</summary>
    public bool IsScoped { get; }

    /// <summary>The services, resolved once, when they are singletons; empty when scoped.</summary>
    public TService[] Singletons { get; }

    public static LifetimeServices<TService> From(IServiceProvider services, bool singletonHandlers)
    {
        if (singletonHandlers)
        {
            TService[] singletons = [.. services.GetServices<TService>()];
            return singletons.Length == 0 ? None : new(singletons, scoped: false);
        }

        var registered = services.GetService<IServiceProviderIsService>()?.IsService(typeof(TService)) ?? true;
        return registered ? new([], scoped: true) : None;
    }

    /// <summary>The services for one call: the singletons, or those of <paramref name="scope"/>, in registration order.</summary>
    public TService[] In(IServiceProvider scope) => IsScoped ? [.. scope.GetServices<TService>()] : Singletons;
}
