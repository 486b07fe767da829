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
        // Asked first, even for singletons: resolving all of a type that has none registered (most message types have no
        // middleware) builds the container's call site and an empty array of that type, on a cold start's way to its first
        // message, for each message type. A container that cannot say is asked for the services.
        var registered = services.GetService<IServiceProviderIsService>()?.IsService(typeof(TService)) ?? true;
        if (!registered)
        {
            return None;
        }

        if (singletonHandlers)
        {
            TService[] singletons = [.. services.GetServices<TService>()];
            return singletons.Length == 0 ? None : new(singletons, scoped: false);
        }

        return new([], scoped: true);
    }

    /// <summary>The services for one call: the singletons, or those of <paramref name="scope"/>, in registration order.</summary>
    public TService[] In(IServiceProvider scope) => IsScoped ? [.. scope.GetServices<TService>()] : Singletons;
}
